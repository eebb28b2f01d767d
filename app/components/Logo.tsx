/** The Olimpo Peças wordmark: a laurel-and-gear emblem drawn for this project. */
export function Logo({ className = '', compact = false }: { className?: string; compact?: boolean }) {
  return (
    <span className={`inline-flex items-center ${compact ? 'gap-1 sm:gap-2' : 'gap-2'} ${className}`}>
      <svg aria-hidden="true" width="36" height="36" viewBox="0 0 40 40" className={compact ? 'h-6 w-6 sm:h-9 sm:w-9' : undefined}>
        <circle cx="20" cy="20" r="18" fill="#f6aa1c" />
        <circle cx="20" cy="20" r="11" fill="none" stroke="#1f1f1f" strokeWidth="3" strokeDasharray="4.3 2.6" />
        <circle cx="20" cy="20" r="5" fill="#1f1f1f" />
        <path d="M8 27c3 4 7 6 12 6s9-2 12-6" fill="none" stroke="#1f1f1f" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className={`${compact ? 'text-[15px] sm:text-xl' : 'text-xl'} leading-none font-extrabold tracking-tight text-white`}>
        Olimpo <span className="text-brand">Peças</span>
      </span>
    </span>
  );
}
