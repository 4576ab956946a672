import type { PushDeviceState } from "@/lib/push/push";
import { Button } from "@/components/ui/button";

export interface PushDeviceProps {
  /** Null while it is being read. */
  state: PushDeviceState | null;
  busy: "on" | "off" | null;
  onTurnOn: () => void;
  onTurnOff: () => void;
}

const SAYS: Record<PushDeviceState, string> = {
  unsupported: "This browser can't show push notifications.",
  default: "Get notifications here, even when Housemate is closed.",
  off: "Get notifications here, even when Housemate is closed.",
  on: "On for this device.",
  denied: "Blocked in your browser settings",
};

/**
 * Above the switches (issue 23): whether this device gets pushes. The per-type Push switches below are the person's
 * choice for all their devices, so they work whatever this says.
 */
export function PushDevice({ state, busy, onTurnOn, onTurnOff }: PushDeviceProps) {
  if (!state) return null;
  return (
    <section
      aria-label="Push notifications on this device"
      className="mb-2 flex flex-col gap-3 rounded-md border p-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex flex-col gap-0.5">
        <h3 className="text-sm font-medium">Push notifications on this device</h3>
        <p className="text-sm text-muted-foreground">{SAYS[state]}</p>
      </div>
      {(state === "default" || state === "off") && (
        <Button needsServer size="sm" className="shrink-0" disabled={busy !== null} onClick={onTurnOn}>
          {busy === "on" ? "Turning on..." : "Turn on push notifications"}
        </Button>
      )}
      {state === "on" && (
        <Button
          needsServer
          size="sm"
          variant="outline"
          className="shrink-0"
          disabled={busy !== null}
          onClick={onTurnOff}
        >
          {busy === "off" ? "Turning off..." : "Turn off on this device"}
        </Button>
      )}
    </section>
  );
}
