# step 24 runs step 23's program, and step 17's below it (child grids for hubs, tail launches for
# the round loop: CDP2): relocatable device code and the device runtime, as in step 17.
NVFLAGS_step24 += -rdc=true
LDLIBS_step24 += -lcudadevrt
