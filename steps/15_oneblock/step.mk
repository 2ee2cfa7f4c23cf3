# step 15 launches kernels from the device (CDP2: child grids for hubs, tail launches for the
# round loop): relocatable device code and the device runtime.
NVFLAGS_step15 += -rdc=true
LDLIBS_step15 += -lcudadevrt
