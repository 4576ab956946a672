import type { ComponentProps, MouseEvent } from "react";
import { Slot } from "@radix-ui/react-slot";
import type { VariantProps } from "class-variance-authority";
import { useNeedsServer } from "@/lib/network";
import { cn } from "@/lib/utils";
import { buttonVariants } from "./button-variants";

export { buttonVariants };

export type ButtonProps = ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (a link, say) with the button's look instead of a <button>. */
    asChild?: boolean;
    /**
     * What it does needs the server: while the device is offline it is disabled, saying why ('You are offline') as
     * its tooltip and accessible description, rather than failing when pressed (decision 053). Every form here sends
     * what it holds to the server, so a submit button needs it unless it says otherwise.
     */
    needsServer?: boolean;
  };

export function Button({
  className,
  variant,
  size,
  asChild = false,
  type,
  needsServer = type === "submit",
  onClick,
  ...props
}: ButtonProps) {
  const { offline, offlineProps } = useNeedsServer(needsServer);
  // Off with aria-disabled rather than `disabled`, and the same element, so focus stays on it as the network comes and
  // goes: it stays focusable and hoverable, so the keyboard reaches it and a screen reader reads the reason (the title,
  // its description), which a disabled button would hide. A press does nothing, a form's submit included (the click
  // is cancelled): a link followed, a dialog's confirming action (AlertDialogAction) neither run nor closed either.
  if (asChild)
    return (
      <Slot
        className={cn(buttonVariants({ variant, size }), offline && "cursor-not-allowed opacity-50", className)}
        onClick={offline ? refuse : onClick}
        {...props}
        {...offlineProps}
      />
    );
  return (
    <button
      type={type ?? "button"}
      className={cn(buttonVariants({ variant, size }), offline && "cursor-not-allowed opacity-50", className)}
      onClick={offline ? refuse : onClick}
      {...props}
      {...offlineProps}
    />
  );
}

const refuse = (event: MouseEvent<HTMLElement>) => event.preventDefault();
