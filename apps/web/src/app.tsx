// The app: its services and the landing in context, the router, the session watch (the check on
// load and every 55 minutes, other tabs' changes) and the routes.
import { BrowserRouter } from "react-router";
import type { AppServices } from "./app-services";
import { AppRoutes } from "./routes/app-routes";
import { LandingContext, type LandingState } from "./session/use-landing";
import { useSessionCheck } from "./session/use-session-check";
import { useTokenStorageSync } from "./session/use-token-storage-sync";
import { ServicesContext } from "./use-services";

export interface AppProps {
  services: AppServices;
  landing: LandingState;
}

export function App({ services, landing }: AppProps) {
  useSessionCheck(services);
  useTokenStorageSync(services.session);
  return (
    <ServicesContext value={services}>
      <LandingContext value={landing}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </LandingContext>
    </ServicesContext>
  );
}
