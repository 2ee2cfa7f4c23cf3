# step 21 runs step 20's program (which includes step 13's);
# step 08's hub claim (bfs4k.cuh) carries the child-grid launch of 08's host loop (CDP2, never
# taken here): relocatable device code and the device runtime, as in step 08.
NVFLAGS_step21 += -rdc=true
LDLIBS_step21 += -lcudadevrt
