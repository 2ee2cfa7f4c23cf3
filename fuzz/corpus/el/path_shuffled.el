# Directed path 0 -> 1 -> ... -> 7, edges listed out of order,
# separated by tabs or runs of spaces, with a blank line
# FromNodeId	ToNodeId
5	6
0 1

3	4
6 7
1 2
  4   5
2 3
