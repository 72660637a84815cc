// Starting the app in a page. The order is the point (decisions D2, D3): the sign-in parameters
// are taken out of the address first, before the client exists and before anything can fetch;
// then, on the callback page, the code is exchanged once, before React renders anything.
import { StrictMode } from "react";
import { type Root, createRoot } from "react-dom/client";
import { App } from "./app";
import { type AppServices, type AppServicesOptions, createAppServices } from "./app-services";
import { finishSignIn } from "./session/finish-sign-in";
import { takeLanding } from "./session/landing";
import type { LandingState } from "./session/use-landing";

export interface PreparedApp {
  services: AppServices;
  landing: LandingState;
}

/** Everything before the first render: clean the address, build the services, finish a sign-in. */
export function prepareApp(options: AppServicesOptions): PreparedApp {
  const landing = takeLanding(window.location, window.history);
  const services = createAppServices(options);
  const signIn = finishSignIn(landing, {
    exchange: services.client.auth.exchangeSignInCode,
    secrets: services.signInSecrets,
    session: services.session,
  });
  return { services, landing: { landing, signIn } };
}

export function startApp(container: Element, options: AppServicesOptions): Root {
  const { services, landing } = prepareApp(options);
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <App services={services} landing={landing} />
    </StrictMode>,
  );
  return root;
}
