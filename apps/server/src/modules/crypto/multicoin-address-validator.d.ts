// The package ships no types; this is the part of its API the cashier uses.
declare module 'multicoin-address-validator' {
  const validator: {
    validate(
      address: string,
      currency: string,
      options?: { networkType?: string; chainType?: string },
    ): boolean;
  };
  export default validator;
}
