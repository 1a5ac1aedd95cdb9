# Capture's indexed lookups (CaptureIndex) and the JSON `inspect` writes result by result.
benchscope_add_test(tst_captureindex LIBS benchscope_core)
benchscope_add_test(tst_capturejson LIBS benchscope_core)
