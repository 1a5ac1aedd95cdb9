"""GET /catalog, revision "before": the catalogue is built and serialized
again for every request."""
import catalogdata


def body():
    return catalogdata.serialized()
