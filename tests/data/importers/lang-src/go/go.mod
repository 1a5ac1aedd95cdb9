module example.com/textjoin

go 1.19
