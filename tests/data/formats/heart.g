Heart, by the nonotui developers (CC0-1.0). Text before the first ':' line is a comment.
: rows
1 1
5
5
3
1
: columns
2
4
4
4
2
: end
