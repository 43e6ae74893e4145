#!/usr/bin/env bash
# Writes Tests/StreamsFoundationTLSTests/TestCertificates.swift: a test certificate authority
# and two server certificates it signed (one for localhost and 127.0.0.1, one for another
# name), valid for 100 years, for the wss:// tests' server on loopback. They are committed
# so that the tests need no openssl command at run time; run this again only to change them.
# The keys protect nothing: they exist only for these tests.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
days=36500
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days $days \
    -subj "/CN=SwiftLab test CA" -keyout "$work/ca.key" -out "$work/ca.pem" \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
leaf() {  # name, subjectAltName
    openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj "/CN=$1" \
        -keyout "$work/$1.key" -out "$work/$1.csr" 2>/dev/null
    printf 'subjectAltName=%s\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' "$2" >"$work/$1.ext"
    openssl x509 -req -in "$work/$1.csr" -CA "$work/ca.pem" -CAkey "$work/ca.key" -CAcreateserial \
        -days $days -extfile "$work/$1.ext" -out "$work/$1.pem" 2>/dev/null
}
leaf localhost "DNS:localhost,IP:127.0.0.1"
leaf elsewhere "DNS:elsewhere.invalid"
out=Tests/StreamsFoundationTLSTests/TestCertificates.swift
{
    echo "// Written by scripts/make-tls-test-certificates.sh: test-only keys, valid for 100 years."
    echo
    echo "/// The PEM files of the wss:// tests' certificate authority and server certificates."
    echo "enum TestCertificates {"
    for item in "authority ca.pem" "localhost localhost.pem" "localhostKey localhost.key" \
        "elsewhere elsewhere.pem" "elsewhereKey elsewhere.key"; do
        set -- $item
        echo "    static let $1 = \"\"\""
        sed 's/^/        /' "$work/$2"
        echo "        \"\"\""
    done
    echo "}"
} >"$out"
echo "wrote $out"
