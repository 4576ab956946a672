import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { router } from "./app/router";
import { startNativeDeepLinks } from "./lib/native";
import "./index.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Inside the phone app, sign-in and invite links open their screens (SPEC §2 deep links). In a browser
// this does nothing: Capacitor is imported only when the native runtime is there.
startNativeDeepLinks((to) => void router.navigate(to)).catch((error: unknown) => {
  // The app works without them; a link then opens it on its last screen.
  console.warn("Deep links are unavailable", error);
});
