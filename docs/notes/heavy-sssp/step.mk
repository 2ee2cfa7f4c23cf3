# step 25 runs step 24's program, and step 17's below it through 23 (child grids for hubs, tail
# launches for the round loop: CDP2): relocatable device code and the device runtime, as in step 17.
NVFLAGS_step25 += -rdc=true
LDLIBS_step25 += -lcudadevrt
