# step 22 runs step 17's program (child grids for hubs, tail launches for the round loop: CDP2):
# relocatable device code and the device runtime, as in step 17.
NVFLAGS_step22 += -rdc=true
LDLIBS_step22 += -lcudadevrt
