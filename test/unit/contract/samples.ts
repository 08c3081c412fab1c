// Realistic wire samples of every answer entity, as the reference server sends them.

export const userGroup = { companyName: "Chartfolio Partners Ltd", partner: [{ name: "Alpaca" }, { name: "Drivewealth" }] }

export const authUser = { id: "u_1001", userGroup, otpMethod: "EMAIL", otpSatisfied: false }

export const adminUser = {
  userId: "u_1001",
  firstName: "Ada",
  lastName: "Obi",
  fullname: "Ada Obi",
  email: "demo@chartfolio.test",
  adminLevel: 2,
  otpSatisfied: true,
  userGroup,
  reviewer: false,
}

export const authState = {
  user: adminUser,
  authToken: "tok_3q2Xk9",
  session: { active: true, expire: 1_767_225_600_000, validity: 30 },
}

export const instrumentSummary = {
  id: "ins_aapl",
  instrumentId: "ins_aapl",
  symbol: "AAPL",
  name: "Apple Inc.",
  type: "EQUITY",
  imageUrl: "https://img.chartfolio.test/aapl.png",
  currency: "USD",
  exchange: "NASDAQ",
  provider: "Alpaca",
}

export const quote = {
  last: "189.84",
  ask: "189.90",
  bid: "189.80",
  open: "187.15",
  high: "190.32",
  low: "186.60",
  previousClose: "186.86",
  priceChange: "2.98",
  priceChangePercent: 1.59,
  totalDailyVolume: 52_164_500,
  week52High: "199.62",
  week52Low: "164.08",
  marketCap: 2_950_000_000_000,
  currency: "USD",
}

export const instrument = {
  ...instrumentSummary,
  description: "Designs and sells phones, computers and services. Prices are synthetic.",
  url: "https://www.apple.com",
  meta: { address: "One Apple Park Way, Cupertino, CA", phone: "+1 408 996 1010" },
  history: [
    { date: "2026-01-29", open: 185.1, high: 187.0, low: 184.2, close: 186.86 },
    { date: "2026-01-30", open: 187.15, high: 190.32, low: 186.6, close: 189.84 },
  ],
  quote,
  news: [
    {
      url: "https://news.chartfolio.test/aapl-1",
      imageUrl: null,
      title: "Apple beats estimates",
      content: "Quarterly revenue rose...",
      date: "2026-01-30T14:00:00.000Z",
    },
  ],
  analysis: {
    EquityResearchRatingsEntity: { FairValue: 170, PricetoFairValue: 1.12, StarRating: 3, Uncertainty: "Medium", MoatTrend: "Stable" },
  },
}

export const position = {
  instrumentId: "ins_aapl",
  symbol: "AAPL",
  asset: { symbol: "AAPL", imageUrl: null },
  totalQuantity: "10.5",
  costBasis: "1800.00",
  price: "189.84",
  equityBalance: "1993.32",
}

export const order = {
  id: "ord_1",
  accountId: "acc_usd",
  instrumentId: "ins_aapl",
  symbol: "AAPL",
  side: "BUY",
  type: "MARKET",
  status: "FILLED",
  priority: "amount",
  quantity: "0.5265",
  price: "189.90",
  amount: "100.00",
  total: "100.99",
  currency: "USD",
  country: "US",
  exchange: "NASDAQ",
  provider: "Alpaca",
  created: "2026-01-30T09:30:00.000Z",
  response: { error: null },
  progress: [
    { status: "PENDING", time: "2026-01-30T09:30:00.000Z" },
    { status: "PROCESSING", time: "2026-01-30T09:30:02.000Z" },
    { status: "FILLED", time: "2026-01-30T09:30:05.000Z" },
  ],
}

export const transaction = {
  tranType: "deposit",
  tranAmount: "5000.00",
  tranTime: "2026-01-15T10:00:00.000Z",
  created: "2026-01-15T10:00:00.000Z",
  description: "Transfer from GTBank ****1234",
  comment: null,
}

export const payment = {
  ref: "pay_1",
  gatewayRef: "gw_88",
  status: "completed",
  type: "WITHDRAWAL",
  method: "NUBAN",
  gateway: "Paystack",
  currency: "NGN",
  rate: null,
  amount: "25000.00",
  serviceFee: "50.00",
  instantFee: "0",
  processFee: "10.75",
  total: "25060.75",
  instantDeposit: false,
  instantComment: null,
  description: "Withdrawal to GTBank",
  last4: "1234",
  ip: "127.0.0.1",
  createdAt: "2026-01-20T08:00:00.000Z",
  updatedAt: "2026-01-20T08:05:00.000Z",
  progress: [
    { status: "pending", date: "2026-01-20T08:00:00.000Z", activity: "Requested" },
    { status: "completed", date: "2026-01-20T08:05:00.000Z", activity: "Paid out" },
  ],
}

export const reservedAccount = {
  ref: "nuban_1",
  accountNumber: "9012345678",
  accountName: "Chartfolio/Ada Obi",
  bankName: "Wema Bank",
  gateway: "Monnify",
  instantDeposit: true,
}

export const wireAccount = {
  accountNumber: "000123456789",
  beneficiaryName: "Chartfolio Custody LLC",
  bankName: "Example Bank NA",
  swiftCode: "EXBKUS33",
  routingNumber: "021000021",
  bankAddress: "1 Wall St, New York, NY",
  instructions: "Reference: FFC {accountNumber}",
}

export const account = {
  accountId: "acc_usd",
  userId: "u_1001",
  accountNumber: "CF-USD-0001",
  userType: "INDIVIDUAL_TRADER",
  status: "active",
  partner: "Alpaca",
  currency: "USD",
  cashBalance: "-12.5",
  created: "2025-06-01T00:00:00.000Z",
  updated: "2026-01-30T09:30:05.000Z",
}

export const accountDetails = {
  ...account,
  positions: [position],
  transactions: [transaction],
  nubans: [reservedAccount],
  wireAccount,
  portfolio: { multiplier: "2", equity: "1993.32", long_market_value: "1993.32" },
  details: {
    transactions: [transaction],
    payments: [payment],
    orders: [order],
    positions: [position],
    statement: {
      confirmation: [{ date: "2026-01-30", key: "confirm-2026-01-30.pdf" }],
      account: [{ date: "2025-12-31", key: "statement-2025-12.pdf" }],
    },
    partner: "Alpaca",
    currency: "USD",
    performance: [
      { x: "2026-01-29", value: 1950.12 },
      { x: "2026-01-30", value: 1980.82 },
    ],
  },
  suggestion: [instrumentSummary],
}

export const profile = {
  status: "Verified",
  basic: {
    username: "adaobi",
    email: "demo@chartfolio.test",
    firstName: "Ada",
    middleName: null,
    lastName: "Obi",
    phone: "+234 801 234 5678",
    riskProfile: { riskScore: 6 },
  },
  personalData: { gender: "female", marital: "single", birthDay: 14, birthMonth: 2, birthYear: 1990, politicallyExposedNames: null },
  identificationData: { type: "passport", value: "A12345678" },
  employmentData: {
    status: "EMPLOYED",
    company: "Acme Ltd",
    type: "Full time",
    position: "Engineer",
    address: "12 Marina Rd",
    zip: "101001",
    city: "Lagos",
    state: "Lagos",
    country: "NGA",
  },
  trustData: {
    trustInfo: { firstName: "Chidi", lastName: "Obi", email: "chidi@example.test", phone: "+234 802 000 0000" },
    nextOfKin: { firstName: "Ngozi", lastName: "Obi", email: null, phone: "+234 803 000 0000", relationship: "Sister" },
  },
  addressData: { street1: "12 Marina Rd", street2: null, postalCode: "101001", city: "Lagos", province: "Lagos", country: "NGA" },
  disclosuresData: {
    termsOfUse: true,
    customerAgreement: true,
    iraAgreement: false,
    marketDataAgreement: true,
    marginAgreement: false,
    accountAgreement: true,
    rule14b: true,
    privacyPolicy: true,
    dataSharing: false,
    ipAddress: "127.0.0.1",
    signedBy: "Ada Obi",
    date: "2025-06-01T00:00:00.000Z",
  },
  investmentData: {
    annualIncome: "50000-99999",
    networthLiquid: "25000-49999",
    networthTotal: "100000-199999",
    investmentObjectives: "GROWTH",
    investmentExperience: "GOOD",
    riskTolerance: "MODERATE",
    taxRate: "20-29",
  },
  complianceData: { fundingSources: ["employment_income"], transferFrequencyPerMonth: 2, transferTotalExpected: "1500.00", investmentHistory12M: "1-5 trades" },
}

/** A profile of a new, unverified user: only `basic` and `status` filled. */
export const newProfile = {
  status: "pending",
  basic: { username: "newbie", email: "new@chartfolio.test", firstName: "New", middleName: null, lastName: "User", phone: null, riskProfile: null },
  personalData: null,
  identificationData: null,
  employmentData: null,
  trustData: null,
  addressData: null,
  disclosuresData: null,
  investmentData: null,
  complianceData: null,
}

export const bankAccount = {
  ref: "ba_1",
  bankName: "GTBank",
  accountNumber: "0123456789",
  accountName: "ADA OBI",
  accountType: "Saving",
  currency: "NGN",
  status: "active",
  swiftAba: null,
  bankAddress: null,
  bankCity: null,
  bankProvince: null,
  bankZipCode: null,
  bankCountryCode: null,
  createdAt: "2025-07-01T00:00:00.000Z",
}

export const document = {
  documentId: "doc_1",
  type: "PICTURE_ID",
  status: "approved",
  idType: "passport",
  idValue: "A12345678",
  created: "2025-06-02T00:00:00.000Z",
  rejectionReason: null,
  document: "/api/users/document/doc_1/file",
}

export const newsItem = {
  url: "https://news.chartfolio.test/markets-1",
  urlToImage: "https://img.chartfolio.test/news-1.jpg",
  title: "Markets rally on rate hopes - Chartfolio Wire",
  content: "Stocks climbed on Friday as... [+1234 chars]",
  source: "Chartfolio Wire",
  publishedAt: "2026-01-30T16:00:00.000Z",
}

export const mailboxMessage = {
  id: 7,
  to: "demo@chartfolio.test",
  subject: "Your Chartfolio code",
  text: "Your one-time code is 123456. It expires in 15 minutes.",
  createdAt: "2026-01-30T09:00:00.000Z",
}
