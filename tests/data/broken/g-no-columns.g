Just rows
: rows
1
1
