import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

const api = process.env.HOUSEMATE_API ?? "http://127.0.0.1:3000";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { "@": new URL("./src", import.meta.url).pathname } },
  server: {
    port: 5173,
    proxy: {
      "/api": api,
      "/files": api,
      "/ws": { target: api.replace(/^http/, "ws"), ws: true },
    },
  },
  // The manifest lets e2e/bundle-budget.test.ts weigh each route's chunks.
  build: { target: "es2022", sourcemap: false, manifest: true },
  test: {
    environment: "jsdom",
    globals: false,
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    css: false,
  },
});
