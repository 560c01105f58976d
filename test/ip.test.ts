import { describe, expect, it } from "vitest";
import { addressAllowed, isNonPublicAddress, parseAddress, parseRange } from "../src/lib/ip";

describe("address parsing (domain)", () => {
  it.each(["1.2.3.4", "::1", "2001:db8::", "::ffff:10.0.0.1", "fe80::1%eth0", "[2001:db8::1]", "1:2:3:4:5:6:7:8"])("parses %s", (a) => {
    expect(parseAddress(a)).not.toBe(null);
  });
  it.each(["1.2.3", "256.1.1.1", "1.2.3.4.5", "2001:db8:::1", "1:2:3:4:5:6:7:8:9", "gggg::", "", "01.2.3.4x"])("refuses %j", (a) => {
    expect(parseAddress(a)).toBe(null);
  });
  it.each(["10.0.0.0/8", "2001:db8::/32", "1.2.3.4", "::/0"])("parses range %s", (r) => expect(parseRange(r)).not.toBe(null));
  it.each(["10.0.0.0/33", "2001:db8::/129", "1.2.3.4/", "1.2.3.4/8/1", "x/8"])("refuses range %s", (r) => expect(parseRange(r)).toBe(null));
  it("matches ranges by family", () => {
    expect(addressAllowed("10.9.8.7", ["10.0.0.0/8"])).toBe(true);
    expect(addressAllowed("11.0.0.1", ["10.0.0.0/8"])).toBe(false);
    expect(addressAllowed("::ffff:10.9.8.7", ["10.0.0.0/8"])).toBe(true);
    expect(addressAllowed("2001:db8::1", ["0.0.0.0/0"])).toBe(false);
    expect(addressAllowed(null, ["0.0.0.0/0"])).toBe(false);
  });
  it.each([
    ["203.0.113.9", ["::ffff:203.0.113.9"], true],
    ["::ffff:203.0.113.9", ["203.0.113.9"], true],
    ["::FFFF:CB00:7109", ["203.0.113.9"], true],
    ["203.0.113.9", ["::ffff:cb00:7109"], true],
    ["203.0.113.9", ["::ffff:203.0.113.0/120"], true],
    ["203.0.114.9", ["::ffff:203.0.113.0/120"], false],
    ["::ffff:203.0.113.200", ["203.0.113.0/24"], true],
    ["::ffff:203.0.114.1", ["203.0.113.0/24"], false],
    ["198.51.100.1", ["::ffff:0:0/96"], true],
    ["2001:db8::1", ["::ffff:0:0/96"], false],
    ["2001:db8:1:2::3", ["2001:db8:1::/48"], true],
    ["2001:db8:2::3", ["2001:db8:1::/48"], false],
    ["2001:db8::1", ["::/0"], true],
    ["203.0.113.9", ["::/0"], true],
    ["::1", ["0.0.0.0/0"], false],
    ["203.0.113.9", ["0.0.0.0/0"], true],
  ])("%s against %j → %s", (addr, list, expected) => {
    expect(addressAllowed(addr, list)).toBe(expected);
  });
  it.each(["::ffff:1.2.3.4/129", "1.2.3.4/33", "::ffff:1.2.3.4/"])("refuses the range %s", (r) => expect(parseRange(r)).toBe(null));
  it("knows non-public addresses", () => {
    for (const a of ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "::1", "fd00::1", "fe80::1", "0.0.0.0", "::ffff:127.0.0.1"]) {
      expect(isNonPublicAddress(a), a).toBe(true);
    }
    for (const a of ["8.8.8.8", "2606:4700::1111", "172.32.0.1"]) expect(isNonPublicAddress(a), a).toBe(false);
  });
});
