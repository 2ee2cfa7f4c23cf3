# step 16 launches kernels from the device (CDP2: child grids for hubs, tail launches for the
# round loop): relocatable device code and the device runtime.
NVFLAGS_step16 += -rdc=true
LDLIBS_step16 += -lcudadevrt
