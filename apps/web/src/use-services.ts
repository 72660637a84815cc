// The app's services (app-services.ts), given to every component through context.
import { createContext, useContext } from "react";
import type { AppServices } from "./app-services";

export const ServicesContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (services === null) throw new Error("useServices needs a ServicesContext above it");
  return services;
}
