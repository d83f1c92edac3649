import punycode from "punycode/punycode.js";

// RFC 3492 Punycode decoding, for showing an `xn--` label as the letters a browser shows: punycode.js (the package
// behind Node's own, now deprecated, module; imported by its file, see punycode-package.d.ts). Runs in pages too.

/** The Unicode text of a Punycode string (the part after `xn--`); undefined when it is not valid Punycode. */
export function decodePunycode(input: string): string | undefined {
  try {
    const decoded = punycode.decode(input);
    // a lone surrogate is no letter a browser shows: the label is not valid IDNA
    return /\p{Cs}/u.test(decoded) ? undefined : decoded;
  } catch {
    return undefined;
  }
}
