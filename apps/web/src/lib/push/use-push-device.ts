import { useCallback, useEffect, useState } from "react";
import { toast } from "sonner";
import type { PushDeviceState } from "./push";
import { turnOnFromClick } from "./offer-push";
import { pushSupported } from "./support";

export const PUSH_TURNED_OFF_MESSAGE = "Push notifications turned off";
export const PUSH_TURN_OFF_FAILED_MESSAGE = "Failed to turn off push notifications";

/**
 * This device's push state for Preferences (issue 23), and its two actions. `state` is null while it is being read:
 * the subscription is the service worker's, which may still be starting.
 */
export function usePushDevice() {
  const [state, setState] = useState<PushDeviceState | null>(() => (pushSupported() ? null : "unsupported"));
  const [busy, setBusy] = useState<"on" | "off" | null>(null);
  const refresh = useCallback(async () => {
    const { pushDeviceState } = await import("./push");
    setState(await pushDeviceState());
  }, []);
  useEffect(() => {
    if (pushSupported()) void refresh();
  }, [refresh]);

  const turnOn = () => {
    setBusy("on");
    void turnOnFromClick().finally(() => {
      setBusy(null);
      void refresh();
    });
  };
  const turnOff = () => {
    setBusy("off");
    void import("./push")
      .then(({ turnOffPush }) => turnOffPush())
      .then(
        () => toast.success(PUSH_TURNED_OFF_MESSAGE),
        () => toast.error("Error", { description: PUSH_TURN_OFF_FAILED_MESSAGE }),
      )
      .finally(() => {
        setBusy(null);
        void refresh();
      });
  };
  return { state, busy, turnOn, turnOff };
}
