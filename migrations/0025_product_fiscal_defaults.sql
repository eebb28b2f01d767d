-- Plausible fiscal data for the products that existed before the columns (catalog/fiscal.ts's defaults).
UPDATE "products" SET "ncm" = CASE "category"
  WHEN 'freios' THEN '87083090'
  WHEN 'suspensao' THEN '87088000'
  WHEN 'motor' THEN '84099190'
  WHEN 'iluminacao' THEN '85122011'
  WHEN 'eletrica' THEN '85111000'
  WHEN 'filtros' THEN '84212300'
  WHEN 'acessorios' THEN '87082999'
  WHEN 'baterias' THEN '85071010'
  WHEN 'calcados' THEN '64039990'
  ELSE "ncm" END,
  "unit" = CASE WHEN "category" = 'calcados' THEN 'PAR' ELSE "unit" END;
