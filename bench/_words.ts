/**
 * Vocabulary for the large company: Portuguese and Spanish customer-service words (Zipf-sampled,
 * so FTS sees a few very common terms and a long tail), first and last names, and a body
 * generator. Deterministic with the PRNG it is given.
 */

const PT = `olá oi bom dia boa tarde noite obrigado obrigada por favor preciso ajuda pedido entrega produto
comprei ontem hoje amanhã semana mês quando chega chegou ainda não recebi rastreio código nota fiscal
boleto pix cartão crédito débito parcelado pagamento pago confirmado cancelar cancelamento troca
devolução reembolso estorno valor preço desconto cupom frete grátis endereço rua avenida número
bairro cidade estado cep telefone celular whatsapp email cadastro senha acesso conta aplicativo site
loja atendente atendimento suporte técnico problema defeito quebrado funcionando ligar desligar
bateria carregador tela garantia assistência técnica prazo dias úteis horário funcionamento segunda
terça quarta quinta sexta sábado domingo feriado urgente reclamação elogio sugestão dúvida informação
tamanho cor modelo marca estoque disponível indisponível promoção oferta compra venda nota avaliação
consegue verificar pode confirmar aguardando retorno resposta falar gerente protocolo chamado
agendamento visita instalação manutenção orçamento contrato plano mensalidade fatura vencimento
atraso juros multa segunda via cliente fiel satisfeito insatisfeito demora rápido lento excelente
ótimo péssimo recebido enviado despachado transportadora correios motoboy retirada balcão caixa
embalagem lacrada aberta avariada faltando item peça sapato camisa calça vestido geladeira fogão
televisão notebook celular fone mouse teclado impressora cadeira mesa sofá colchão bicicleta
medicamento receita consulta exame clínica veterinário ração banho tosa matrícula curso aula
certificado`;

const ES = `hola buenos días buenas tardes noches gracias favor necesito ayuda pedido envío producto compré
ayer hoy mañana semana cuándo llega llegó todavía recibí seguimiento código factura pago tarjeta
crédito débito cuotas confirmado cancelar cancelación cambio devolución reembolso precio descuento
cupón gratis dirección calle avenida número barrio ciudad provincia código postal teléfono móvil
correo registro contraseña cuenta aplicación tienda vendedor soporte problema roto funciona batería
cargador pantalla garantía plazo hábiles horario lunes martes miércoles jueves viernes sábado domingo
urgente reclamo queja sugerencia consulta información talla color modelo stock disponible oferta
compra venta puede verificar confirmar esperando respuesta hablar encargado reclamo turno visita
instalación presupuesto contrato plan cuota vencimiento demora rápido lento excelente pésimo
recibido enviado despachado paquete caja embalaje falta pieza zapatos camisa pantalón nevera
cocina televisor portátil auriculares ratón silla colchón bicicleta medicamento receta turno clínica`;

export const FIRST_NAMES =
  `Ana Maria João José Pedro Paulo Lucas Gabriel Rafael Mateus Juliana Fernanda Camila Beatriz
Larissa Letícia Mariana Amanda Bruna Carla Patrícia Aline Vanessa Renata Luana Thiago Felipe Bruno
Rodrigo Gustavo Leonardo Diego Eduardo Marcelo Ricardo Carlos Antônio Francisco Raimundo Sebastião
Luiz Marcos André Fábio Alexandre Daniel Vinícius Caio Heitor Enzo Valentina Helena Alice Laura
Sofia Isabela Manuela Júlia Lorena Cecília Mateo Santiago Sebastián Martín Nicolás Alejandro Diego
Valeria Camila Lucía Martina Florencia Agustina Catalina Ximena Guadalupe Joaquín Tomás Benjamín
Emilia Renata Paula Andrea Carolina Gabriela Daniela Rocío Pilar Jimena Esteban Ignacio Facundo`
    .split(/\s+/).filter(Boolean);

export const LAST_NAMES =
  `Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins
Carvalho Almeida Lopes Soares Fernandes Vieira Barbosa Rocha Dias Nascimento Andrade Moreira Nunes
Marques Machado Mendes Freitas Cardoso Ramos Gonçalves Santana Teixeira Araújo Pinto Moura Cavalcanti
García González Rodríguez Fernández López Martínez Sánchez Pérez Gómez Martín Jiménez Ruiz Hernández
Díaz Moreno Muñoz Álvarez Romero Alonso Gutiérrez Navarro Torres Domínguez Vázquez Ramírez Castro
Ortega Rubio Molina Delgado Morales Suárez Ortiz Medina Herrera Aguilar Vargas Rojas Mendoza`
    .split(/\s+/).filter(Boolean);

const base = [...new Set(`${PT} ${ES}`.split(/\s+/).filter(Boolean))];

/**
 * The vocabulary in "frequency rank" order: the base words shuffled once, then a tail of rarer
 * tokens (product and order codes, brands), so the index has many terms that occur a few times.
 */
export function vocabulary(rand: () => number): string[] {
  const words = [...base];
  for (let i = words.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [words[i], words[j]] = [words[j], words[i]];
  }
  const tail: string[] = [];
  for (let i = 0; i < 20_000; i++) tail.push(`sku${(i * 7919 % 99_991).toString(36)}`);
  return [...words, ...tail];
}

/** Zipf(s≈1.05) sampler over ranks 0..n-1 (cumulative table + binary search). */
export function zipf(n: number, rand: () => number, s = 1.05): () => number {
  const cum = new Float64Array(n);
  let acc = 0;
  for (let i = 0; i < n; i++) cum[i] = acc += 1 / Math.pow(i + 1, s);
  return () => {
    const x = rand() * acc;
    let lo = 0, hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

export function bodyMaker(rand: () => number) {
  const vocab = vocabulary(rand);
  const pick = zipf(vocab.length, rand);
  return {
    vocab,
    /** 2–24 words, sometimes with an order number. */
    body(): string {
      const n = 2 + Math.floor(rand() * rand() * 23);
      const out: string[] = [];
      for (let i = 0; i < n; i++) out.push(vocab[pick()]);
      if (rand() < 0.08) out.push(`#${100000 + Math.floor(rand() * 900000)}`);
      return out.join(" ");
    },
  };
}
