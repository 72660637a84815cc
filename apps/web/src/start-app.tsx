// Starting the app in a page. The order is the point (decisions D3): the sign-in parameters are
// taken out of the address first, before the client exists and before anything can fetch.
import { StrictMode } from "react";
import { type Root, createRoot } from "react-dom/client";
import { App } from "./app";
import { type AppServices, type AppServicesOptions, createAppServices } from "./app-services";
import { type Landing, acceptLanding, takeLanding } from "./session/landing";

export interface PreparedApp {
  services: AppServices;
  landing: Landing;
}

/** Everything before the first render: clean the address, build the services, sign in. */
export function prepareApp(options: AppServicesOptions): PreparedApp {
  const landing = takeLanding(window.location, window.history);
  const services = createAppServices(options);
  acceptLanding(landing, services.session);
  return { services, landing };
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
