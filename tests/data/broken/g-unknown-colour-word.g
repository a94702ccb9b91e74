#d
  a:a  khaki3
: rows
1a
: columns
1a
