A triddler
#Triddlers
: ==
1
