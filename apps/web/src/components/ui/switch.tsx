import type { ComponentProps, MouseEvent } from "react";
import * as SwitchPrimitive from "@radix-ui/react-switch";
import { useNeedsServer } from "@/lib/network";
import { cn } from "@/lib/utils";

/**
 * A switch. Every one here saves its setting on the server as it is flipped, so `needsServer` is true unless said
 * otherwise: offline it is off with its reason ('You are offline'), focusable, and a press does not flip it, rather
 * than flipping and failing (decision 053).
 */
export function Switch({
  className,
  needsServer = true,
  onClick,
  ...props
}: ComponentProps<typeof SwitchPrimitive.Root> & { needsServer?: boolean }) {
  const { offline, offlineProps } = useNeedsServer(needsServer);
  return (
    <SwitchPrimitive.Root
      className={cn(
        "peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary data-[state=unchecked]:bg-input",
        offline && "cursor-not-allowed opacity-50",
        className,
      )}
      // The press is cancelled, so Radix does not flip it.
      onClick={offline ? refuse : onClick}
      {...props}
      {...offlineProps}
    >
      <SwitchPrimitive.Thumb className="pointer-events-none block size-5 rounded-full bg-background shadow-md ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
    </SwitchPrimitive.Root>
  );
}

const refuse = (event: MouseEvent<HTMLButtonElement>) => event.preventDefault();
