# The explorer tried by hand: a capture's page by keyboard and mouse.
benchscope_add_test(tst_capturepage LIBS benchscope_views)
set_target_properties(tst_capturepage PROPERTIES AUTOMOC ON)
# Every view's tool tips with hostile names from a file: plain text, never markup.
benchscope_add_test(tst_hostileviews LIBS benchscope_views)
set_target_properties(tst_hostileviews PROPERTIES AUTOMOC ON)
