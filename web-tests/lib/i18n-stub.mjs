// For unit tests of the web client's texts outside a browser: i18n.js reads the language from
// localStorage (the switch's choice) before the browser's, so a stub answers with the language
// the test holds; a missing key makes tr() warn and return the key, so the warnings are
// collected for the test to fail on. Install it before the modules under test translate.

/** Installs the stub, reading the language from `language()`; returns the warnings list. */
export function stubI18n(language) {
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    value: { getItem: (key) => (key === 'spieltisch.lang' ? language() : null), setItem() {} },
  });
  const warnings = [];
  console.warn = (...args) => warnings.push(args.join(' '));
  return warnings;
}
