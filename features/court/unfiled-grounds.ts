/** The grounds of a court case the bridge filed because its challenger opened it on chain and filed none. */
export const UNFILED_GROUNDS = "Opened on chain by its challenger, who has not filed grounds at this bridge: the jury decides on the disputed claims alone.";
