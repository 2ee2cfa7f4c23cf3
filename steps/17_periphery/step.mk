# step 17 launches kernels from the device (step 16's CDP2: child grids for hubs, tail launches
# for the round loop): relocatable device code and the device runtime.
NVFLAGS_step17 += -rdc=true
LDLIBS_step17 += -lcudadevrt
