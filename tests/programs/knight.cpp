/* The design report's knight's tour ("马踏棋盘程序设计", the main program of section 三):
 * non-recursive, an explicit stack, Warnsdorff's choice of the next square, the board printed with
 * %2d. The page lost its line breaks and spaces between words ("intboard" is "int board"), and its
 * HTML kept nothing between < and > and no member accesses ("if==" is "if(S.top==S.base)"): those
 * are restored as the report's own StackEmpty/Push/Pop of section 三.1 write them, and the three
 * header names as what the code calls (stdio.h, stdlib.h, string.h). It is C++ (references, a
 * declaration in a for), compiled with g++; `typedef struct SqStack {...};` only draws a warning. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define STACK_INIT_SIZE 10
#define STACKINCREMENT 2
int board[8][8]={0};//棋盘初始化
int Htry1[8]={-2,-1,1,2,2,1,-1,-2};
int Htry2[8]={1,2,2,1,-1,-2,-2,-1};
struct SElemType
{
int a;
int b;
int di;
int flag[8];
};
typedef struct SqStack{
SElemType *base;
SElemType *top;
int stacksize;
};
void InitStack(SqStack &S){
S.base=(SElemType*)malloc(STACK_INIT_SIZE*sizeof(SElemType));
if(!S.base)
exit(0);
S.top=S.base;
S.stacksize=STACK_INIT_SIZE;
}
int StackEmpty(SqStack &S){
if(S.top==S.base)
return 1;
else
return 0;
}
void Push(SqStack &S,SElemType &e){
if(S.top-S.base>=S.stacksize){
S.base=(SElemType*)realloc(S.base,(S.stacksize+STACKINCREMENT)*sizeof(SElemType));
if(!S.base)
exit(0);
S.top=S.base+S.stacksize;
S.stacksize+=STACKINCREMENT;
}
*S.top++=e;
}
int Pop(SqStack &S,SElemType &e){
if(S.top==S.base)return 0;
e=*--S.top;
return 1;
}
int Pass(int i,int j){
if(i>=0&&i<=7&&j>=0&&j<=7&&board[i][j]==0)
return 1;
else
return 0;
}//判断该方向是否能够通过
int num(int x1,int y1){
int count1=0;
for(int j=0;j<8;j++){
int x2=x1+Htry1[j];
int y2=y1+Htry2[j];
if(Pass(x2,y2)){
count1++;}
}
return count1;
}
SElemType NextPos(SElemType e){
int x1,y1;
int i,j;
int x=e.a;
int y=e.b;
int p=0;
int di_num=0;
int di_min=8;
for(i=0;i<8;i++){
if(e.flag[i]!=0)continue;//判断该方向是否走过
x1=x+Htry1[i];
y1=y+Htry2[i];
if(Pass(x1,y1)){
di_num=num(x1,y1);
if(di_num<di_min){//判断该方向是否有最少的可通过方向
e.a=x1;
e.b=y1;
di_min=di_num;
p=i;
}
}
}
e.flag[p]=1;
return e;
}
int search(int x,int y,SqStack &S){
SElemType e,curpos;
int count=0;
memset(curpos.flag,0,sizeof(curpos.flag));//将结构体中的flag赋0
curpos.a=x;
curpos.b=y;
while(count<64){
x=curpos.a;
y=curpos.b;
if(Pass(x,y)){//若找到下一个点,则将该点压入栈中
count++;
//printf("count=%d\n",count);
board[x][y]=count;
curpos.di=0;
e=curpos;
Push(S,e);
curpos=NextPos(e);
memset(curpos.flag,0,sizeof(curpos.flag));
}
else{
if(!StackEmpty(S))
Pop(S,e);
else
return 0;
count--;
while(e.di==7&&!StackEmpty(S)){//若8个方向都不能通过,则从栈中弹出上一个点
board[e.a][e.b]=0;
Pop(S,e);
count--;
}
if(e.di<7){//若该点的还有方向没有访问过,则换下一个方向
e.di++;
Push(S,e);
count++;
curpos=NextPos(e);
memset(curpos.flag,0,sizeof(curpos.flag));
}
}
}
return 1;
}
void display(){//将马的轨迹输出
int i,j;
for(i=0;i<8;i++){
for(j=0;j<8;j++){
printf("%2d",board[i][j]);
}
printf("\n");
}
}
int main(){//主函数
int x,y;
SqStack S;
InitStack(S);
printf("输入马的初始位置:\n");
scanf("%d%d",&x,&y);
search(x,y,S);
printf("输出马的移动轨迹:\n");
display();
return 0;
}
