#d
  1:*  black
  t:/  black/orange
: rows
1
: columns
1
