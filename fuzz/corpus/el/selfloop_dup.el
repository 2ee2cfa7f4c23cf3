# self-loops and duplicate edges (the reader keeps them; graph_build drops them)
0 0
0 1
0 1
1 1
1 2
0 1
2 2
2 0
3 3
