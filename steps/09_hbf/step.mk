# step 09 launches kernels from the device (CDP2: child grids for hubs, tail launches for the
# round loop): relocatable device code and the device runtime.
NVFLAGS_step09 += -rdc=true
LDLIBS_step09 += -lcudadevrt
