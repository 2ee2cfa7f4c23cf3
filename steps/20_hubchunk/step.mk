# step 20 runs its level loop in one cooperative grid, as step 13 (whose program it includes);
# step 08's hub claim (bfs4k.cuh) carries the child-grid launch of 08's host loop (CDP2, never
# taken here): relocatable device code and the device runtime, as in step 08.
NVFLAGS_step20 += -rdc=true
LDLIBS_step20 += -lcudadevrt
