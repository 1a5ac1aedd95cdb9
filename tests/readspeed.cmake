# Reading at speed (issue 29 "Open"): the fast JSON parser reads what
# nlohmann's reads, the same way, and leaves the rest (and every error) to it.
benchscope_add_test(tst_fastjsonparser LIBS benchscope_core)
set_target_properties(tst_fastjsonparser PROPERTIES AUTOMOC ON)
