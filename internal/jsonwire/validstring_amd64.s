//go:build amd64 && !purego

#include "textflag.h"

// NOTE: skipValidVector finds the escaped bytes of each step as
// scanEscapedVector does (vector_amd64.s), and looks at nothing but
// quotes and backslashes: its string is known to be valid.

// qsSplat: the quote and the backslash, broadcast to every place.
DATA qsSplat<>+0x00(SB)/2, $0x5C22
GLOBL qsSplat<>(SB), RODATA|NOPTR, $2

// func skipValidVector(b []byte) (n int, quote bool)
TEXT ·skipValidVector(SB), NOSPLIT, $0-33
	MOVQ         b_base+0(FP), SI
	MOVQ         b_len+8(FP), CX
	VPBROADCASTB qsSplat<>+0(SB), Y15
	VPBROADCASTB qsSplat<>+1(SB), Y14
	XORQ         AX, AX
	XORQ         R8, R8 // 1 when the step's first byte is escaped

svLoop:
	LEAQ      32(AX), DX
	CMPQ      DX, CX
	JA        svOut
	VMOVDQU   (SI)(AX*1), Y0
	VPCMPEQB  Y0, Y15, Y1
	VPMOVMSKB Y1, R9 // quotes
	VPCMPEQB  Y0, Y14, Y2
	VPMOVMSKB Y2, R10 // backslashes
	MOVL      R10, BX
	ORL       R8, BX
	JNZ       svEscapes
	TESTL     R9, R9
	JNZ       svQuote
	MOVQ      DX, AX
	JMP       svLoop

svEscapes:
	MOVQ  R8, BX
	NOTQ  BX
	ANDQ  BX, R10          // backslashes that the step before does not escape
	LEAQ  (R8)(R10*2), R12 // the bytes that follow one, or the first when escaped
	MOVQ  $0xAAAAAAAA, BX
	ANDQ  R10, BX
	MOVQ  R12, DI
	NOTQ  DI
	ANDQ  DI, BX           // the starts of runs at odd places
	ADDQ  R10, BX          // runs starting at even places end with a 0 after them
	MOVQ  BX, R8
	SHRQ  $32, R8          // the carry: the last run goes on into the next step
	SHLQ  $1, BX
	XORQ  $0x55555555, BX
	ANDQ  R12, BX
	NOTL  BX               // not escaped, of this step only
	ANDL  BX, R9           // quotes that end the string
	JNZ   svQuote
	MOVQ  DX, AX
	JMP   svLoop

svQuote:
	BSFL  R9, R9
	ADDQ  R9, AX
	MOVQ  AX, n+24(FP)
	MOVB  $1, quote+32(FP)
	VZEROUPPER
	RET

svOut:
	// Fewer than 32 bytes left: back to the backslash of an escape that
	// the last step began, so that b[n] is not escaped.
	SUBQ R8, AX
	MOVQ AX, n+24(FP)
	MOVB $0, quote+32(FP)
	VZEROUPPER
	RET
