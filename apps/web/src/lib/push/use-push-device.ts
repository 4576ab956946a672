import { useEffect, useState } from "react";
import { toast } from "sonner";
import type { PushDeviceState } from "./device";

export const PUSH_TURNED_OFF_MESSAGE = "Push notifications turned off";
export const PUSH_TURN_OFF_FAILED_MESSAGE = "Failed to turn off push notifications";

/**
 * This device's push state for Preferences (issue 23), and its two actions. `state` is null while it is being read:
 * the subscription is the service worker's, which may still be starting.
 */
export function usePushDevice() {
  const [state, setState] = useState<PushDeviceState | null>(null);
  const [busy, setBusy] = useState<"on" | "off" | null>(null);
  // Read again after each action.
  const [reads, setReads] = useState(0);
  useEffect(() => {
    let current = true;
    void import("./device")
      .then(({ pushDeviceState }) => pushDeviceState())
      // The worker's registration never came (READY_WAIT_MS): nothing here could subscribe.
      .catch((): PushDeviceState => "unsupported")
      .then((read) => {
        if (current) setState(read);
      });
    return () => {
      current = false;
    };
  }, [reads]);
  const done = () => {
    setBusy(null);
    setReads((count) => count + 1);
  };

  const turnOn = () => {
    setBusy("on");
    // Asked here, in the click, before the module loads (Safari asks only from the gesture).
    const asked = Notification.requestPermission();
    void import("./device").then(({ turnOnWith }) => turnOnWith(asked)).finally(done);
  };
  const turnOff = () => {
    setBusy("off");
    void import("./device")
      .then(({ turnOffPush }) => turnOffPush())
      .then(
        () => toast.success(PUSH_TURNED_OFF_MESSAGE),
        () => toast.error("Error", { description: PUSH_TURN_OFF_FAILED_MESSAGE }),
      )
      .finally(done);
  };
  return { state, busy, turnOn, turnOff };
}
