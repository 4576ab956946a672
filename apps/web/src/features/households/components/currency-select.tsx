import { CURRENCIES, type Currency } from "@housemate/contract";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

const currencyNames = new Intl.DisplayNames(["en"], { type: "currency" });

const isCurrency = (value: string): value is Currency => (CURRENCIES as readonly string[]).includes(value);

export interface CurrencySelectProps {
  id: string;
  value: Currency;
  onChange: (currency: Currency) => void;
  disabled?: boolean;
  "aria-describedby"?: string;
}

/** SPEC §5's twelve currencies, each with its name ('GBP — British Pound'). */
export function CurrencySelect({
  id,
  value,
  onChange,
  disabled,
  "aria-describedby": describedBy,
}: CurrencySelectProps) {
  return (
    <Select value={value} onValueChange={(next) => isCurrency(next) && onChange(next)} disabled={disabled}>
      <SelectTrigger id={id} aria-describedby={describedBy}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {CURRENCIES.map((code) => (
          <SelectItem key={code} value={code}>
            {code} — {currencyNames.of(code) ?? code}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
