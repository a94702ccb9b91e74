Flower, by the nonotui developers (CC0-1.0).
#d
   0:   white    background
   r:%  #ff0000  red
   g:+  #00aa00  green
: rows
2r
4r
2g
1g
: columns
1r
2r 2g
2r 1g
1r
: end
