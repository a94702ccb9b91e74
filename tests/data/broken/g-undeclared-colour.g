#d
  1:*  black
: rows
1r
: columns
1r
