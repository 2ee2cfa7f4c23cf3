# step 12 launches child grids from the device for hub vertices (CDP2, loop=0) and runs its
# level loop in one cooperative grid (loop=1): relocatable device code and the device runtime.
NVFLAGS_step12 += -rdc=true
LDLIBS_step12 += -lcudadevrt
