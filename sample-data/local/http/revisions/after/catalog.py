"""GET /catalog, revision "after": the catalogue never changes while the
server runs, so it is serialized once, when the module loads, and every
request sends the same bytes."""
import catalogdata

_BODY = catalogdata.serialized()


def body():
    return _BODY
