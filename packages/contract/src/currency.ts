import { z } from "zod";
import { CURRENCIES } from "./values/currency.js";
export const currencySchema = z.enum(CURRENCIES);
