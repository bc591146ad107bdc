import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {PerformanceSettings} from './performance';

/** The settings pages read: all but how the build runs. */
export type PagePerformanceSettings = Omit<
  PerformanceSettings,
  'bundlerProcess' | 'serverAfterClient' | 'bundlerMemory'
>;

/** The performance customisations this build was made with (docusaurus.config.ts, customFields.performance). */
export default function usePerformanceSettings(): PagePerformanceSettings {
  return useDocusaurusContext().siteConfig.customFields!.performance as PagePerformanceSettings;
}
