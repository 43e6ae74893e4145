// Written by scripts/make-tls-test-certificates.sh: test-only keys, valid for 100 years.

/// The PEM files of the wss:// tests' certificate authority and server certificates.
enum TestCertificates {
    static let authority = """
        -----BEGIN CERTIFICATE-----
        MIIBnTCCAUOgAwIBAgIUE3IqpQG+IFQoJYsZkmQfXgEUP6swCgYIKoZIzj0EAwIw
        GzEZMBcGA1UEAwwQU3dpZnRMYWIgdGVzdCBDQTAgFw0yNjExMjcxNzMwNTJaGA8y
        MTI2MTEwMzE3MzA1MlowGzEZMBcGA1UEAwwQU3dpZnRMYWIgdGVzdCBDQTBZMBMG
        ByqGSM49AgEGCCqGSM49AwEHA0IABDBbUK6uMa8l/20t6AwB3Tj9pPfJao3VFdT9
        Tiku1e0eTneyzSq8SCfs5iwxtjLqRBTQ0z+OzzPD519KSDGwp8+jYzBhMB0GA1Ud
        DgQWBBSUIMTAP4z++S3CxRfUZCU89f6Z/DAfBgNVHSMEGDAWgBSUIMTAP4z++S3C
        xRfUZCU89f6Z/DAPBgNVHRMBAf8EBTADAQH/MA4GA1UdDwEB/wQEAwIBBjAKBggq
        hkjOPQQDAgNIADBFAiB6BU0z7JPlFHf0bglEfOj1MW1lmkaFlPdbN5aSKl5MIgIh
        ANgjgQKn0+x+nJjD8ZTT9cey8dbCwgP+Zs4Vx7BNtUDI
        -----END CERTIFICATE-----
        """
    static let localhost = """
        -----BEGIN CERTIFICATE-----
        MIIBsTCCAVegAwIBAgIUfLHcc+/UM6gzYHQ33oL+zkH6u7EwCgYIKoZIzj0EAwIw
        GzEZMBcGA1UEAwwQU3dpZnRMYWIgdGVzdCBDQTAgFw0yNjExMjcxNzMwNTJaGA8y
        MTI2MTEwMzE3MzA1MlowFDESMBAGA1UEAwwJbG9jYWxob3N0MFkwEwYHKoZIzj0C
        AQYIKoZIzj0DAQcDQgAE43i9m3LW5+L8p0lqUFIIC4x60m/Ea7GuxGgiq2RdThmS
        LsdqH886EM9+iNcyM9wi/Sa/xWIfc0L6TrhFOPciK6N+MHwwGgYDVR0RBBMwEYIJ
        bG9jYWxob3N0hwR/AAABMAkGA1UdEwQCMAAwEwYDVR0lBAwwCgYIKwYBBQUHAwEw
        HQYDVR0OBBYEFJUpZFp356adAifP/yrHiKi974FqMB8GA1UdIwQYMBaAFJQgxMA/
        jP75LcLFF9RkJTz1/pn8MAoGCCqGSM49BAMCA0gAMEUCIQDy6r1TPC9Nnd3KvCI8
        JmRpl4Z1K5WypoTq8YJwUZ9RrAIgESSH2TT4kzpivAqz10bx9gi/qWwUobYx44hh
        28UxeSQ=
        -----END CERTIFICATE-----
        """
    static let localhostKey = """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgZ2PMgqyiSZTI0+oR
        4eyy6K4z+Qioo8PliIRMfZ0toNOhRANCAATjeL2bctbn4vynSWpQUggLjHrSb8Rr
        sa7EaCKrZF1OGZIux2ofzzoQz36I1zIz3CL9Jr/FYh9zQvpOuEU49yIr
        -----END PRIVATE KEY-----
        """
    static let elsewhere = """
        -----BEGIN CERTIFICATE-----
        MIIBtDCCAVqgAwIBAgIUfLHcc+/UM6gzYHQ33oL+zkH6u7IwCgYIKoZIzj0EAwIw
        GzEZMBcGA1UEAwwQU3dpZnRMYWIgdGVzdCBDQTAgFw0yNjExMjcxNzMwNTNaGA8y
        MTI2MTEwMzE3MzA1M1owFDESMBAGA1UEAwwJZWxzZXdoZXJlMFkwEwYHKoZIzj0C
        AQYIKoZIzj0DAQcDQgAEXkNSn9RkfFXF6AXkbfxzX8mq6xhJ7QWNLKTHEIyj7Nag
        +A3SlGABuyiSlfV9WGWb69wDdv9JroFA5dsKjxTAe6OBgDB+MBwGA1UdEQQVMBOC
        EWVsc2V3aGVyZS5pbnZhbGlkMAkGA1UdEwQCMAAwEwYDVR0lBAwwCgYIKwYBBQUH
        AwEwHQYDVR0OBBYEFGeSnTEM2qbsD81kgbx4DjQms6emMB8GA1UdIwQYMBaAFJQg
        xMA/jP75LcLFF9RkJTz1/pn8MAoGCCqGSM49BAMCA0gAMEUCIQCahs27kj9SUmL+
        RAeMkdkdrBYVzs/ydCe6zK5ZsBkdIAIgQLmz5Kqhgj6KwkkL8bUymCyccKTUXu7S
        Zu+P4oDctKo=
        -----END CERTIFICATE-----
        """
    static let elsewhereKey = """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgXjuBB7P9CXK76/dT
        L2Vnx8KC7HEXaPU6j5tCrvypDfuhRANCAAReQ1Kf1GR8VcXoBeRt/HNfyarrGEnt
        BY0spMcQjKPs1qD4DdKUYAG7KJKV9X1YZZvr3AN2/0mugUDl2wqPFMB7
        -----END PRIVATE KEY-----
        """
}
