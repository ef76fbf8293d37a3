/** What other features may use of two_factor: they import it from here, never from its files. */
export { LoginSecondStep } from "./components/login_second_step.tsx";
export { ResetTwoFactor } from "./components/reset_two_factor.tsx";
export { TwoFactorSection } from "./components/two_factor_section.tsx";
