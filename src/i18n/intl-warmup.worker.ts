// The worker of ./intl-warmup.ts: builds one number and one date formatter of the locale it is sent,
// so the browser loads that locale's formatting data (shared by the whole page), then ends.
self.onmessage = (event: MessageEvent<string>) => {
  const locale = event.data
  try {
    new Intl.NumberFormat(locale, { style: "currency", currency: "USD", currencyDisplay: "narrowSymbol" }).format(1)
    new Intl.NumberFormat(locale, { style: "percent" }).format(1)
    new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(0)
  } finally {
    self.close()
  }
}
