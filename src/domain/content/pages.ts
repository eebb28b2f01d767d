// The institutional pages linked from the footer (rendered by app/routes/content.tsx) and the passages
// OlimpIA quotes (assistant/passages.ts): one source, so a page and the assistant never disagree. Every
// figure comes from the store configuration or the pricing and payment rules, never a copied number.
import { store } from '#src/config/store.ts';
import { formatBRL } from '../pricing/money.ts';
import { MAX_INSTALLMENTS, MIN_INSTALLMENT_CENTS, paymentMethod } from '../pricing/pricing.ts';
import { SHIPPING_METHODS } from '../shipping/table.ts';
import { RETURN_WINDOW_DAYS } from '../returns/windows.ts';

const days = (m: (typeof SHIPPING_METHODS)[number]) => m.days.replace('-', ' a ');
const { withdrawal: WITHDRAWAL_DAYS, defect: DEFECT_DAYS, exchange: EXCHANGE_DAYS } = RETURN_WINDOW_DAYS;

export interface ContentPage {
  path: string;
  title: string;
  description: string;
  sections: { heading: string; paragraphs: string[] }[];
}

export const CONTENT_PAGES: ContentPage[] = [
  {
    path: '/sobre-nos',
    title: 'Sobre Nós',
    description: `Quem somos: a ${store.name}, loja on-line de peças automotivas e calçados para dirigir e pilotar.`,
    sections: [
      {
        heading: 'Quem somos',
        paragraphs: [
          `A ${store.name} é uma loja on-line de peças para carros, motos e caminhões, e de calçados para quem dirige e pilota. Reunimos em um só lugar freios, suspensão, motor, iluminação, elétrica, filtros, baterias e acessórios das marcas que os mecânicos conhecem.`,
          'Cada produto tem a referência do fabricante (REF), o estado (novo ou usado) e o tipo de veículo a que se destina, para você comprar a peça certa na primeira vez.',
        ],
      },
      {
        heading: 'Nossos dados',
        paragraphs: [`${store.legalName}, CNPJ ${store.cnpj}.`, `Endereço: ${store.addressLine}. Telefone: ${store.phone}. E-mail: ${store.email}.`, `Atendimento: ${store.hours}.`],
      },
      {
        heading: 'Direito de arrependimento',
        paragraphs: [
          'Compras feitas pela internet podem ser desistidas em até 7 dias a contar do recebimento, conforme o artigo 49 do Código de Defesa do Consumidor. Fale com o nosso atendimento para combinar a devolução.',
        ],
      },
    ],
  },
  {
    path: '/seguranca',
    title: 'Segurança',
    description: 'Como a Olimpo Peças protege os seus dados e os seus pagamentos.',
    sections: [
      {
        heading: 'Seus dados',
        paragraphs: [
          'Guardamos apenas o necessário para entregar o seu pedido e atender você: nome, e-mail, endereço de entrega e os itens comprados. Tratamos esses dados conforme a Lei Geral de Proteção de Dados (LGPD).',
          'As sessões de quem entra na conta ficam em cookies protegidos (HttpOnly), que scripts da página não conseguem ler, e cada cliente só enxerga os próprios pedidos e endereços.',
        ],
      },
      {
        heading: 'Pagamentos',
        paragraphs: [
          'Nunca guardamos o número completo do cartão nem o código de segurança (CVV): eles não são gravados no nosso banco de dados nem nos nossos registros. Do cartão, guardamos apenas a bandeira e os quatro últimos dígitos, para você reconhecer a compra.',
          'Preços, descontos, frete e totais são sempre calculados pelo nosso servidor, a partir do catálogo; alterar valores no navegador não muda o que você paga.',
        ],
      },
      {
        heading: 'Proteções do site',
        paragraphs: [
          'O site envia cabeçalhos de segurança que impedem a execução de scripts de terceiros e a exibição das nossas páginas dentro de outros sites, e limita tentativas repetidas de acesso para dificultar ataques.',
          `Encontrou algo estranho? Escreva para ${store.email}.`,
        ],
      },
    ],
  },
  {
    path: '/blog',
    title: 'Blog',
    description: 'Dicas de manutenção da Olimpo Peças: quando trocar pastilhas, filtros, velas e baterias.',
    sections: [
      {
        heading: 'Quando trocar as pastilhas de freio?',
        paragraphs: [
          'Em geral entre 20.000 e 40.000 km, mas o que manda é a espessura: abaixo de 3 mm é hora de trocar. Chiado metálico, pedal mais baixo ou o carro puxando para um lado ao frear também são sinais. Troque sempre o par do mesmo eixo.',
        ],
      },
      {
        heading: 'Filtros e óleo na revisão',
        paragraphs: [
          'O filtro de óleo acompanha cada troca de óleo (em geral a cada 10.000 km ou 12 meses). O filtro de ar e o de cabine costumam durar de 10.000 a 15.000 km; em cidades com muita poeira, troque antes.',
        ],
      },
      {
        heading: 'Bateria fraca?',
        paragraphs: [
          'Partida lenta, luzes fracas com o motor desligado e bateria com mais de três anos pedem um teste. Na hora de trocar, respeite a amperagem (Ah) indicada pelo fabricante do veículo.',
        ],
      },
    ],
  },
  {
    path: '/trabalhe-conosco',
    title: 'Trabalhe conosco',
    description: 'Vagas e banco de talentos da Olimpo Peças.',
    sections: [
      {
        heading: 'Venha para a Olimpo Peças',
        paragraphs: [
          'Procuramos pessoas que gostem de carros, motos e de atender bem: atendimento ao cliente, logística e tecnologia.',
          `No momento não há vagas abertas. Para entrar no nosso banco de talentos, envie o seu currículo para ${store.email} com o assunto "Trabalhe conosco".`,
        ],
      },
    ],
  },
  {
    path: '/trocas-e-devolucoes',
    title: 'Trocas e devoluções',
    description: `Arrependimento em ${WITHDRAWAL_DAYS} dias (CDC, art. 49), troca de peça que não serviu, garantia legal e do fabricante: como pedir.`,
    sections: [
      {
        heading: `Arrependimento: ${WITHDRAWAL_DAYS} dias para desistir`,
        paragraphs: [
          `Toda compra feita pela internet pode ser desistida em até ${WITHDRAWAL_DAYS} dias corridos a contar do dia em que você recebe o produto, sem precisar dizer o motivo (Código de Defesa do Consumidor, artigo 49).`,
          'Devolvemos o valor integral pago, incluindo o frete de ida, pelo mesmo meio de pagamento: estorno no cartão de crédito, ou depósito na conta indicada por você para PIX e boleto, em até 10 dias úteis depois que o produto chega de volta ao nosso centro de distribuição. O frete da devolução por arrependimento é por nossa conta.',
          'O produto deve voltar completo, com acessórios e manual. Peças elétricas e de motor que foram instaladas podem ter sinais de uso avaliados; o direito de arrependimento não depende disso, mas o desgaste causado pelo uso pode ser discutido com você antes do reembolso.',
        ],
      },
      {
        heading: 'Peça que não serviu no seu veículo',
        paragraphs: [
          `Confira a compatibilidade (versão, motor e ano) e os códigos da peça (REF, código original e equivalentes) na página do produto antes de comprar. Se a peça não servir mesmo assim, pedimos a troca pela peça certa ou o reembolso, dentro do prazo de ${WITHDRAWAL_DAYS} dias, com o frete por nossa conta.`,
          `Calçados podem ser trocados por outro tamanho ou cor, uma vez, em até ${EXCHANGE_DAYS} dias do recebimento, desde que sem uso e na caixa original.`,
        ],
      },
      {
        heading: 'Garantia',
        paragraphs: [
          'Peças novas têm a garantia legal de 90 dias (CDC, artigo 26, produto durável), somada à garantia do fabricante informada na descrição (por exemplo, 18 meses em baterias). Peças usadas revisadas têm 90 dias de garantia.',
          `Em caso de defeito, envie fotos, o número do pedido e, se houver, o laudo da oficina; nos primeiros ${DEFECT_DAYS} dias do recebimento, peça a devolução por defeito na página do pedido. Resolvemos em até 30 dias: consertamos, trocamos por outra igual ou devolvemos o valor pago.`,
        ],
      },
      {
        heading: 'Como pedir',
        paragraphs: [
          `Na página do pedido (Meus pedidos, ou Acompanhar pedido para quem comprou sem conta), use "Devolver ou trocar itens": escolha os itens, as quantidades e o motivo. O botão aparece enquanto algum prazo estiver aberto.`,
          `Aprovado o pedido, você recebe por e-mail (e vê na página do pedido) como enviar: a etiqueta de devolução já paga pela loja, ou o código de postagem dos Correios, para postar em uma agência sem custo; ou o número da autorização de devolução, que você escreve na embalagem antes de enviar o produto pelos Correios para o endereço da loja. No arrependimento e no defeito a postagem é paga pela loja: se você mesmo pagou a postagem, guarde o comprovante, que o valor volta junto com o reembolso. Quando o produto chega, o valor volta pelo mesmo meio de pagamento.`,
          `Dúvidas? Fale com o atendimento pelo e-mail ${store.email} ou pelo telefone ${store.phone} (${store.hours}), informando o número do pedido.`,
        ],
      },
    ],
  },
  {
    path: '/privacidade',
    title: 'Política de privacidade',
    description: 'LGPD: que dados a Olimpo Peças guarda, por que, por quanto tempo, e como baixar ou excluir os seus dados.',
    sections: [
      {
        heading: 'Quem trata os seus dados',
        paragraphs: [
          `${store.legalName}, CNPJ ${store.cnpj}, ${store.addressLine}, é a controladora dos dados pessoais tratados nesta loja, conforme a Lei Geral de Proteção de Dados (Lei 13.709/2018). Contato do encarregado: ${store.email}.`,
        ],
      },
      {
        heading: 'O que guardamos e por quê',
        paragraphs: [
          'Conta: nome, e-mail e senha (guardada apenas como resumo criptográfico), para você entrar e acompanhar pedidos. Cadastro de cliente: CPF, celular e endereços, para emitir nota fiscal e entregar (execução do contrato e obrigação legal).',
          'Pedidos: itens, valores, endereço de entrega, forma de pagamento e, no cartão, só a bandeira e os quatro últimos dígitos. O número completo do cartão e o código de segurança nunca são guardados.',
          'Vendedores: os dados do pedido de cadastro de vendedor e os produtos anunciados.',
          'Segurança: o endereço IP e contadores de tentativas, para limitar ataques de senha; cookies de sessão (HttpOnly) e o cookie do veículo escolhido ("Minha garagem").',
          'O carrinho e a conversa com a OlimpIA ficam no seu navegador (armazenamento local e de sessão); o carrinho de quem entra na conta também é salvo na conta, para aparecer em outros aparelhos.',
        ],
      },
      {
        heading: 'Por quanto tempo',
        paragraphs: [
          'Conta, cadastro, endereços e garagem: enquanto a conta existir. Sessões: 30 dias sem uso. Contadores de tentativas: minutos.',
          'Pedidos e notas: 5 anos após a compra, pelo prazo das obrigações fiscais e do Código de Defesa do Consumidor. Se você excluir a conta, os pedidos ficam guardados sem o seu e-mail e sem o endereço de entrega.',
        ],
      },
      {
        heading: 'Seus direitos: baixar ou excluir os seus dados',
        paragraphs: [
          'Em "Minha conta" você baixa tudo o que guardamos sobre você, em um arquivo JSON ("Baixar meus dados"), e pode excluir a conta ("Excluir minha conta"): a exclusão é imediata e encerra a sessão.',
          `Para corrigir dados, use "Informações" em Minha conta. Outros pedidos (informação sobre compartilhamento, revogação de consentimento, portabilidade) vão para ${store.email}; respondemos em até 15 dias. Você também pode reclamar à Autoridade Nacional de Proteção de Dados (ANPD).`,
        ],
      },
      {
        heading: 'Com quem compartilhamos',
        paragraphs: [
          'Apenas com quem precisa para cumprir o pedido: o processador de pagamento, a transportadora (nome, endereço e telefone de entrega) e o serviço de consulta de CEP (somente o CEP). Não vendemos dados pessoais.',
        ],
      },
    ],
  },
  {
    path: '/termos',
    title: 'Termos de uso',
    description: 'As regras de uso da Olimpo Peças: cadastro, preços, pagamento, entrega, vendedores e responsabilidades.',
    sections: [
      {
        heading: 'A loja',
        paragraphs: [
          `Este site é operado por ${store.legalName}, CNPJ ${store.cnpj}. Ao usar a loja, você concorda com estes termos, com a Política de privacidade e com a política de Trocas e devoluções.`,
        ],
      },
      {
        heading: 'Cadastro e conta',
        paragraphs: ['Você pode comprar sem conta. Quem cria uma conta responde pela veracidade dos dados e pelo sigilo da senha. Um CPF pertence a uma só conta.'],
      },
      {
        heading: 'Preços, pagamento e estoque',
        paragraphs: [
          `Os preços valem no momento da compra e são confirmados pelo nosso servidor ao finalizar o pedido. PIX tem ${paymentMethod('pix').discountPercent}% e boleto ${paymentMethod('boleto').discountPercent}% de desconto sobre o total do pedido, frete incluído; no cartão, até ${MAX_INSTALLMENTS} parcelas sem juros (parcela mínima de ${formatBRL(MIN_INSTALLMENT_CENTS).replace(/\u00a0/g, ' ')}).`,
          'O pedido só é considerado pago quando o pagamento é confirmado. Se o estoque acabar antes da confirmação, avisamos e devolvemos qualquer valor pago.',
        ],
      },
      {
        heading: 'Entrega',
        paragraphs: [
          `Os prazos de entrega são estimativas em dias úteis a partir da confirmação do pagamento: ${SHIPPING_METHODS.map((m) => `${m.label} em ${days(m)}`).join(' e ')}.`,
          `Retirada na loja: só quando "Retirar na loja" aparece entre as formas de envio no checkout; fora isso, todo pedido é entregue no endereço informado, por ${SHIPPING_METHODS.map((m) => m.label).join(' ou ')}.`,
        ],
      },
      {
        heading: 'Compatibilidade das peças',
        paragraphs: [
          'Informamos a compatibilidade por versão, motor e ano e os códigos de cada peça (REF, código original e equivalentes). Confira antes de comprar; em caso de dúvida, pergunte à OlimpIA ou ao atendimento. A instalação deve ser feita por profissional habilitado.',
        ],
      },
      {
        heading: 'Vendedores',
        paragraphs: [
          'Vendedores aprovados anunciam produtos na loja e respondem pela exatidão das descrições, fotos, compatibilidade e estoque informados. Anúncios que violem a lei ou estes termos podem ser retirados.',
        ],
      },
      {
        heading: 'Foro',
        paragraphs: ['Fica eleito o foro do domicílio do consumidor para resolver qualquer questão relativa a estes termos.'],
      },
    ],
  },
];
