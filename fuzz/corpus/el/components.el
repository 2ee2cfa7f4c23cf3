# undirected graph (both directions listed) with four components:
# {0,1,2,3,4} a tree, {5,6} an edge, {7} isolated (an id gap), {8,9} an edge
0 1
1 0
1 2
2 1
2 3
3 2
1 4
4 1
5 6
6 5
8 9
9 8
