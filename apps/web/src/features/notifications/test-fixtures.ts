/** A trade notification as the list answers it (tests): `id` names it, its trade is `T<id>`, `counterparty` caused it. */
export function makeTradeNotification(id: string, event: string, counterparty: string) {
  return {
    id,
    event,
    group: "trades",
    subjectType: "trade",
    subjectId: `T${id}`,
    payload: {
      cryptoAmount: "0.00150000",
      cryptoCurrencyCode: "BTC",
      fiatAmount: "150.00",
      fiatCurrencyCode: "USD",
      paymentMethodName: "Bank transfer",
      counterparty,
      paymentWindowEndsAt: null,
      paymentWindowSecondsLeft: null,
      text: null,
      rating: null,
      link: `/trade/T${id}`,
    },
    isRead: false,
    createdAt: "2026-11-20T09:00:00.000Z",
  };
}
