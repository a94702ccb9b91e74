# Heart, by the nonotui developers (CC0-1.0)
5 5
1 1
5
5
3
1
#
2
4
4
4
2
